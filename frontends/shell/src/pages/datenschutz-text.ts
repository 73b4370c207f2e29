/** The privacy statement: sections as headings with paragraphs. */
export interface PrivacySection {
  title: string;
  paragraphs: string[];
  subsections?: PrivacySection[];
}

export const PRIVACY_STATEMENT: PrivacySection[] = [
  {
    title: '1. Datenschutz auf einen Blick',
    paragraphs: [],
    subsections: [
      {
        title: 'Allgemeine Hinweise',
        paragraphs: [
          'Die folgenden Hinweise geben einen einfachen Überblick darüber, was mit Ihren personenbezogenen Daten passiert, wenn Sie das Medikationsportal nutzen. Personenbezogene Daten sind alle Daten, mit denen Sie persönlich identifiziert werden können. Ausführliche Informationen zum Thema Datenschutz entnehmen Sie unserer unter diesem Text aufgeführten Datenschutzerklärung.',
        ],
      },
      {
        title: 'Wer ist verantwortlich für die Datenerfassung auf diesem Portal?',
        paragraphs: [
          'Die Datenverarbeitung auf diesem Portal erfolgt durch den Betreiber, in der Regel die versorgende Apotheke. Dessen Kontaktdaten können Sie dem Impressum dieses Portals entnehmen. Der im Impressum genannte technische Dienstleister verarbeitet Daten ausschließlich im Auftrag und nach Weisung des Betreibers (Art. 28 DSGVO).',
        ],
      },
      {
        title: 'Wie erfassen wir Ihre Daten?',
        paragraphs: [
          'Ihre Daten werden zum einen dadurch erhoben, dass Sie uns diese mitteilen. Hierbei kann es sich z. B. um Daten handeln, die Sie in ein Formular eingeben, etwa bei der Anlage eines Auftrags, eines Patienten oder bei der Pflege Ihres Profils.',
          'Andere Daten werden automatisch oder nach Ihrer Einwilligung beim Besuch des Portals durch unsere IT-Systeme erfasst. Das sind vor allem technische Daten (z. B. Internetbrowser, Betriebssystem oder Uhrzeit des Seitenaufrufs). Die Erfassung dieser Daten erfolgt automatisch, sobald Sie das Portal aufrufen.',
        ],
      },
      {
        title: 'Wofür nutzen wir Ihre Daten?',
        paragraphs: [
          'Ein Teil der Daten wird erhoben, um eine fehlerfreie Bereitstellung des Portals zu gewährleisten. Andere Daten werden genutzt, um die Arzneimittelversorgung der betreuten Patientinnen und Patienten zwischen Pflegeeinrichtung, Arztpraxis und Apotheke zu organisieren und zu dokumentieren.',
        ],
      },
      {
        title: 'Welche Rechte haben Sie bezüglich Ihrer Daten?',
        paragraphs: [
          'Sie haben jederzeit das Recht, unentgeltlich Auskunft über Herkunft, Empfänger und Zweck Ihrer gespeicherten personenbezogenen Daten zu erhalten. Sie haben außerdem ein Recht, die Berichtigung oder Löschung dieser Daten zu verlangen. Wenn Sie eine Einwilligung zur Datenverarbeitung erteilt haben, können Sie diese Einwilligung jederzeit für die Zukunft widerrufen. Außerdem haben Sie das Recht, unter bestimmten Umständen die Einschränkung der Verarbeitung Ihrer personenbezogenen Daten zu verlangen. Des Weiteren steht Ihnen ein Beschwerderecht bei der zuständigen Aufsichtsbehörde zu.',
        ],
      },
    ],
  },
  {
    title: '2. Allgemeine Hinweise und Pflichtinformationen',
    paragraphs: [],
    subsections: [
      {
        title: 'Datenschutz',
        paragraphs: [
          'Die Betreiber dieses Portals nehmen den Schutz Ihrer persönlichen Daten sehr ernst. Wir behandeln Ihre personenbezogenen Daten vertraulich und entsprechend den gesetzlichen Datenschutzvorschriften sowie dieser Datenschutzerklärung.',
          'Im Medikationsportal werden auch Gesundheitsdaten im Sinne von Art. 9 DSGVO verarbeitet (etwa Medikationen von Patientinnen und Patienten). Diese Verarbeitung erfolgt auf Grundlage von Art. 9 Abs. 2 lit. h DSGVO in Verbindung mit den berufsrechtlichen Vorschriften für Apotheken, Ärztinnen und Ärzte sowie Pflegeeinrichtungen und ausschließlich durch Personen, die einer Schweigepflicht unterliegen.',
          'Wir weisen darauf hin, dass die Datenübertragung im Internet Sicherheitslücken aufweisen kann. Das Portal ist daher ausschließlich über eine verschlüsselte Verbindung (TLS) erreichbar.',
        ],
      },
      {
        title: 'Hinweis zur verantwortlichen Stelle',
        paragraphs: [
          'Verantwortliche Stelle ist die natürliche oder juristische Person, die allein oder gemeinsam mit anderen über die Zwecke und Mittel der Verarbeitung von personenbezogenen Daten entscheidet. Die Kontaktdaten der verantwortlichen Stelle finden Sie im Impressum.',
        ],
      },
      {
        title: 'Speicherdauer',
        paragraphs: [
          'Soweit innerhalb dieser Datenschutzerklärung keine speziellere Speicherdauer genannt wurde, verbleiben Ihre personenbezogenen Daten bei uns, bis der Zweck für die Datenverarbeitung entfällt. Gesetzliche Aufbewahrungsfristen, insbesondere steuer- und handelsrechtliche Fristen sowie die Dokumentationspflichten der Apothekenbetriebsordnung, bleiben unberührt. Deaktivierte Nutzerkonten werden aus diesem Grund nicht gelöscht, sondern gesperrt.',
        ],
      },
      {
        title: 'Widerruf Ihrer Einwilligung und Widerspruchsrecht',
        paragraphs: [
          'Viele Datenverarbeitungsvorgänge sind nur mit Ihrer ausdrücklichen Einwilligung möglich. Sie können eine bereits erteilte Einwilligung jederzeit widerrufen. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Datenverarbeitung bleibt vom Widerruf unberührt.',
          'Wenn die Datenverarbeitung auf Grundlage von Art. 6 Abs. 1 lit. e oder f DSGVO erfolgt, haben Sie jederzeit das Recht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben, gegen die Verarbeitung Ihrer personenbezogenen Daten Widerspruch einzulegen (Art. 21 DSGVO).',
        ],
      },
      {
        title: 'Beschwerderecht, Auskunft, Berichtigung, Löschung und Datenübertragbarkeit',
        paragraphs: [
          'Im Falle von Verstößen gegen die DSGVO steht Ihnen ein Beschwerderecht bei einer Aufsichtsbehörde zu, insbesondere in dem Mitgliedstaat Ihres gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes oder des Orts des mutmaßlichen Verstoßes.',
          'Sie haben das Recht, Daten, die wir auf Grundlage Ihrer Einwilligung oder in Erfüllung eines Vertrags automatisiert verarbeiten, an sich oder an einen Dritten in einem gängigen, maschinenlesbaren Format aushändigen zu lassen. Sie haben im Rahmen der geltenden gesetzlichen Bestimmungen jederzeit das Recht auf unentgeltliche Auskunft, Berichtigung, Sperrung oder Löschung Ihrer Daten. Hierzu sowie zu weiteren Fragen zum Thema personenbezogene Daten können Sie sich jederzeit an uns wenden.',
        ],
      },
    ],
  },
  {
    title: '3. Datenschutzbeauftragter',
    paragraphs: [
      'Der Betreiber hat einen Datenschutzbeauftragten benannt. Sie erreichen ihn unter der im Impressum genannten Anschrift mit dem Zusatz „z. Hd. Datenschutzbeauftragter“ oder per E-Mail an die dort genannte Adresse. Anfragen werden vertraulich behandelt.',
    ],
  },
  {
    title: '4. Datenerfassung auf diesem Portal',
    paragraphs: [],
    subsections: [
      {
        title: 'Cookies und lokaler Speicher',
        paragraphs: [
          'Das Portal verwendet keine Cookies zu Werbe- oder Analysezwecken. Nach der Anmeldung wird Ihr Anmeldestatus im lokalen Speicher Ihres Browsers abgelegt, damit Sie nicht bei jedem Seitenaufruf erneut Ihr Passwort eingeben müssen. Er wird beim Abmelden gelöscht.',
          'Einige technisch notwendige Cookies merken sich Einstellungen, etwa dass Sie einen Hinweis bereits gesehen haben oder dass Ihr Browser nicht unterstützt wird (Gültigkeit ein Tag). Rechtsgrundlage ist § 25 Abs. 2 Nr. 2 TDDDG sowie Art. 6 Abs. 1 lit. f DSGVO.',
        ],
      },
      {
        title: 'Server-Log-Dateien',
        paragraphs: [
          'Der Provider des Portals erhebt und speichert automatisch Informationen in so genannten Server-Log-Dateien, die Ihr Browser automatisch an uns übermittelt. Dies sind: Browsertyp und Browserversion, verwendetes Betriebssystem, Referrer URL, Uhrzeit der Serveranfrage und IP-Adresse.',
          'Eine Zusammenführung dieser Daten mit anderen Datenquellen wird nicht vorgenommen. Die Erfassung erfolgt auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO; wir haben ein berechtigtes Interesse an der technisch fehlerfreien und sicheren Bereitstellung des Portals. Die Log-Dateien werden nach 14 Tagen gelöscht.',
        ],
      },
      {
        title: 'Kontaktformular und Anfragen per E-Mail',
        paragraphs: [
          'Wenn Sie uns per Kontaktformular, E-Mail oder Telefon Anfragen zukommen lassen, werden Ihre Angaben inklusive der von Ihnen angegebenen Kontaktdaten zwecks Bearbeitung der Anfrage und für den Fall von Anschlussfragen bei uns gespeichert. Diese Daten geben wir nicht ohne Ihre Einwilligung weiter. Die Verarbeitung erfolgt auf Grundlage von Art. 6 Abs. 1 lit. b DSGVO, sofern Ihre Anfrage mit der Erfüllung eines Vertrags zusammenhängt, im Übrigen auf Grundlage unseres berechtigten Interesses an der effektiven Bearbeitung der an uns gerichteten Anfragen.',
        ],
      },
      {
        title: 'Registrierung und Nutzerkonten',
        paragraphs: [
          'Nutzerkonten werden nicht durch Selbstregistrierung, sondern durch die Apotheke, einen Manager Ihrer Einrichtung oder einen Administrator angelegt. Gespeichert werden Benutzername, Name, Anrede, Titel, Anschrift, die zugeordnete Pflegeeinrichtung oder Arztpraxis sowie Ihre Rollen. Ihr Passwort wird ausschließlich als kryptografischer Hash gespeichert.',
          'Anmeldungen, Abmeldungen sowie das Handeln eines Administrators im Namen eines anderen Nutzers werden protokolliert, um die Sicherheit des Portals nachweisen zu können (Art. 32 DSGVO).',
        ],
      },
      {
        title: 'Kommentare und Nachrichten',
        paragraphs: [
          'Zu jedem Auftrag können Nachrichten und Anhänge ausgetauscht werden. Neben dem Inhalt speichern wir den Zeitpunkt und den Verfasser. Nachrichten sind nur für die Beteiligten des jeweiligen Auftrags sichtbar und werden gemeinsam mit dem Auftrag aufbewahrt.',
        ],
      },
      {
        title: 'Verarbeiten von Kunden- und Vertragsdaten',
        paragraphs: [
          'Wir erheben, verarbeiten und nutzen personenbezogene Kunden- und Vertragsdaten zur Begründung, inhaltlichen Ausgestaltung und Änderung unserer Vertragsbeziehungen, etwa bei der Übernahme eines Vertrags durch eine Arztpraxis oder Pflegeeinrichtung und bei der Abrechnung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Die Daten werden nach Abschluss des Auftrags bzw. Beendigung der Geschäftsbeziehung und Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
        ],
      },
      {
        title: 'Datenübermittlung an Dritte',
        paragraphs: [
          'Wir übermitteln personenbezogene Daten an Dritte nur dann, wenn dies für die Versorgung erforderlich ist, etwa an die behandelnde Arztpraxis bei einer Rezeptanforderung per E-Mail oder Fax, oder wenn Sie ausdrücklich eingewilligt haben. Eine Übermittlung in Länder außerhalb der Europäischen Union findet nicht statt. Unsere Auftragsverarbeiter sind vertraglich zur Einhaltung der DSGVO verpflichtet.',
        ],
      },
    ],
  },
  {
    title: '5. Newsletter',
    paragraphs: [
      'Wenn Sie den angebotenen Newsletter beziehen möchten, benötigen wir von Ihnen eine E-Mail-Adresse sowie Informationen, welche uns die Überprüfung gestatten, dass Sie der Inhaber der angegebenen E-Mail-Adresse sind (Double-Opt-in-Verfahren). Die Verarbeitung erfolgt ausschließlich auf Grundlage Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Die erteilte Einwilligung können Sie jederzeit widerrufen, etwa über den Abmeldelink im Newsletter. Nach der Abmeldung wird Ihre E-Mail-Adresse aus dem Verteiler gelöscht.',
    ],
  },
  {
    title: '6. Plugins und Tools',
    paragraphs: [],
    subsections: [
      {
        title: 'Videoeinbettung',
        paragraphs: [
          'Für Schulungsvideos und Webinare können Videos eines externen Anbieters eingebunden sein. Wir nutzen dabei den erweiterten Datenschutzmodus: Eine Verbindung zu den Servern des Anbieters wird erst hergestellt, wenn Sie ein Video aktiv starten. Dabei wird dem Anbieter mitgeteilt, welche Seite Sie besucht haben, und Ihre IP-Adresse übertragen. Rechtsgrundlage ist Ihre Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO, die Sie durch das Starten des Videos erteilen.',
        ],
      },
      {
        title: 'Lokale Web Fonts',
        paragraphs: [
          'Dieses Portal nutzt zur einheitlichen Darstellung von Schriftarten so genannte Web Fonts, die lokal auf unserem Server installiert sind. Eine Verbindung zu Servern von Drittanbietern findet dabei nicht statt.',
        ],
      },
      {
        title: 'Kartendienst',
        paragraphs: [
          'Zur Darstellung von Lieferadressen und Abholrouten kann ein Kartendienst eingebunden sein. Zur Nutzung der Kartenfunktionen ist es notwendig, Ihre IP-Adresse an den Anbieter zu übertragen. Die Karte wird erst nach Ihrer ausdrücklichen Zustimmung geladen (Art. 6 Abs. 1 lit. a DSGVO); ohne Zustimmung bleibt die Darstellung deaktiviert.',
        ],
      },
    ],
  },
  {
    title: '7. Zahlungsanbieter',
    paragraphs: [
      'Für Verträge, die kostenpflichtig übernommen werden, erfolgt die Zahlung per SEPA-Lastschrift. Hierfür verarbeiten wir Kontoinhaber, IBAN, BIC und die Mandatsreferenz und übermitteln diese Daten an unser Kreditinstitut bzw. an den beauftragten Zahlungsdienstleister, soweit dies für die Abwicklung der Zahlung erforderlich ist. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Für die Datenverarbeitung des Zahlungsdienstleisters gelten dessen Datenschutzbestimmungen.',
    ],
  },
];
