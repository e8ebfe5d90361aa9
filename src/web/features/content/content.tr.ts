import type { ContentPages } from './content-types.ts';

/** Turkish long-form content pages (corporate, help and legal), keyed by route slug. */
export const contentPages: ContentPages = {
  hakkimizda: {
    title: 'Hakkımızda',
    lead: 'OptiStok, Türkiye’deki yetkili optik mağazaların birbirleriyle güvenle stok alıp sattığı, yalnızca onaylı üyelere açık bir B2B pazar yeridir.',
    sections: [
      {
        heading: 'Biz kimiz?',
        paragraphs: [
          'OptiStok; optisyenlerin, gözlükçülerin ve gözlük satan moda mağazalarının elindeki stok fazlasını değerlendirebilmesi, ihtiyaç duydukları ürünü ise başka bir mağazadan hızlıca temin edebilmesi için kuruldu.',
          'Platformumuzda her üye hem satıcı hem alıcıdır. Bir mağaza, rafında bekleyen çerçeveleri ilana çıkarırken aynı gün başka bir mağazadan lens veya atölye ekipmanı satın alabilir.',
        ],
      },
      {
        heading: 'Misyonumuz',
        paragraphs: [
          'Optik sektöründe mağazalar arası ticareti şeffaf, güvenli ve zahmetsiz hâle getirmek istiyoruz. Atıl stokun nakde dönüşmesine, eksik ürünün ise tedarikçi beklemeden tamamlanmasına yardımcı oluyoruz.',
          'Bunu yaparken üyelerimizin ticari gizliliğini korumayı temel ilke olarak kabul ediyoruz: hangi mağazanın hangi ürünü elden çıkardığı, rakipler arasında konuşulan bir bilgi olmamalıdır.',
        ],
      },
      {
        heading: 'Neden kapalı ve doğrulanmış bir platform?',
        paragraphs: [
          'OptiStok herkese açık bir ilan sitesi değildir. Üyelik yalnızca başvurusu incelenip onaylanan mağazalara verilir; başvuru sırasında vergi levhası, vergi numarası ve ÜTS (Ürün Takip Sistemi) numarası istenir.',
        ],
        items: [
          'Karşınızdaki alıcı veya satıcının gerçek ve faal bir mağaza olduğundan emin olursunuz.',
          'Satıcılar alıcılara yalnızca herkese açık kullanıcı adlarıyla (@kullaniciadi) görünür; mağaza unvanı ve iletişim bilgileri ilanlarda yer almaz.',
          'Tıbbi cihaz niteliğindeki ürünler (ör. kontakt lensler) mevzuatı bilen, kayıtlı işletmeler arasında el değiştirir.',
        ],
      },
      {
        heading: 'Neler alınıp satılıyor?',
        items: [
          'Optik Çerçeve',
          'Güneş Gözlüğü',
          'Lens: tek odak, bifokal, progresif ve kontakt lens',
          'Atölye: vida takımı, fokometre, pupilometre, cam kesme ve diğer atölye ekipmanları',
          'Aksesuar: gözlük kutuları, temizlik ürünleri, zincirler, burun pedleri',
          'Çocuk Gözlüğü',
        ],
      },
      {
        heading: 'Kısaca nasıl çalışır?',
        items: [
          'Mağazanız /register adresindeki form ile başvurur; ekibimiz belgeleri inceleyip onaylar ve giriş bilgileriniz e-postayla iletilir.',
          'Stok fazlanızı ilana çıkarır, ihtiyacınız olan ürünleri diğer mağazalardan satın alırsınız.',
          'Ödemeniz, teslimatı onaylayana kadar güvenli ödeme hesabında bekler; onayınızla ya da, onay vermezseniz, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra satıcıya aktarılır.',
          'Bir sorun yaşarsanız “Sorun Bildir” ile kaydı açarsınız, yönetici ekibimiz inceler.',
        ],
      },
    ],
    cta: { label: 'Üyelik Başvurusu Yap', to: '/register' },
  },

  sss: {
    title: 'Sıkça Sorulan Sorular',
    lead: 'Üyelik, alım-satım, ödeme, kargo ve hesap güvenliği hakkında en çok sorulan soruları burada yanıtladık. Aradığınızı bulamazsanız bize yazın.',
    sections: [
      {
        heading: 'Üyelik',
        faqs: [
          {
            question: 'OptiStok’a kimler üye olabilir?',
            answer:
              'Türkiye’de faaliyet gösteren, vergi mükellefi optik mağazaları, optisyenler ve gözlük satışı yapan moda mağazaları başvurabilir. Bireysel tüketicilere üyelik verilmez.',
          },
          {
            question: 'Başvuru için hangi bilgi ve belgeler gerekiyor?',
            answer:
              'Mağaza adı, yetkili kişinin adı soyadı, e-posta adresi, 05 ile başlayan 11 haneli cep telefonu, il, 10 haneli vergi numarası, 13 haneli ÜTS numarası ve PDF, JPG veya PNG formatında vergi levhası gereklidir.',
          },
          {
            question: 'ÜTS numarası nedir, neden isteniyor?',
            answer:
              'ÜTS, Sağlık Bakanlığı’nın tıbbi cihazları izlediği Ürün Takip Sistemi’dir. Kontakt lens gibi tıbbi cihaz niteliğindeki ürünlerin takibi bu sistem üzerinden yapıldığından, işletmenizin ÜTS kayıt numarasını başvuru sırasında istiyoruz.',
          },
          {
            question: 'Başvurum ne kadar sürede sonuçlanır?',
            answer:
              'Başvurular yönetici ekibimiz tarafından mesai saatleri içinde (hafta içi 09:00–18:00) sırayla incelenir. Eksik veya okunamayan belge olması süreci uzatır. Onaylandığında giriş bilgileriniz başvuruda yazdığınız e-posta adresine gönderilir.',
          },
          {
            question: 'Üyelik ücretli mi?',
            answer:
              'Başvuru ve üyelik onayı için sizden bir ücret talep edilmez. Hizmetlerle ilgili herhangi bir bedel uygulanması söz konusu olursa, bu durum yürürlüğe girmeden önce üyelere bildirilir.',
          },
        ],
      },
      {
        heading: 'Alım-Satım',
        faqs: [
          {
            question: 'Hem alıcı hem satıcı olabilir miyim?',
            answer:
              'Evet. Her onaylı üye aynı hesapla hem ilan verebilir hem de diğer mağazalardan ürün satın alabilir; ayrı bir satıcı hesabı açmanız gerekmez.',
          },
          {
            question: 'Hangi ürünleri satabilirim?',
            answer:
              'Optik Çerçeve, Güneş Gözlüğü, Lens (tek odak, bifokal, progresif, kontakt lens), Atölye ekipmanları, Aksesuar ve Çocuk Gözlüğü kategorilerinde ürün satabilirsiniz. Ürünlerin orijinal, ilanda tarif edildiği gibi ve yürürlükteki mevzuata uygun olması gerekir.',
          },
          {
            question: 'Alıcılar mağazamın adını görür mü?',
            answer:
              'Hayır. Alıcılar satıcıları yalnızca herkese açık kullanıcı adıyla (@kullaniciadi) görür. Mağaza unvanınız, vergi bilgileriniz ve iletişim bilgileriniz ilanlarda gösterilmez.',
          },
          {
            question: 'Bir siparişte sorun yaşarsam ne yapmalıyım?',
            answer:
              'Sipariş detayındaki “Sorun Bildir” adımını kullanın. Sorun bildirilen siparişin ödemesi satıcıya aktarılmaz; yönetici ekibimiz iki tarafın bilgilerini inceleyerek karar verir.',
          },
        ],
      },
      {
        heading: 'Ödeme ve Güvenli Ödeme',
        faqs: [
          {
            question: 'Güvenli ödeme (escrow) nasıl çalışır?',
            answer:
              'Ödemeniz doğrudan satıcıya gitmez; siz teslimatı onaylayana kadar güvenli ödeme hesabında bekler. Onay vermeniz hâlinde ödeme satıcıya aktarılır. Onay verilmez ve sipariş için açık bir sorun bildirimi bulunmazsa ödeme, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra otomatik olarak satıcıya aktarılır; kesin tarih siparişte “Otomatik onay” olarak görünür.',
          },
          {
            question: 'Taksit seçenekleri nelerdir?',
            answer:
              'Ödemelerde 1, 2, 3, 6 ve 12 taksit seçenekleri sunulur. Tek çekim (Peşin) ödemelerde sepet tutarına %2 indirim uygulanır.',
          },
          {
            question: 'Fiyatlara KDV dahil mi?',
            answer:
              'Hayır. İlan fiyatları KDV hariçtir ve fiyatın yanında “+KDV” ile belirtilir. KDV (genel oran %20; bazı ürün gruplarında indirimli oran) sepette ve ödeme adımında ayrıca eklenir; ürün tutarını, kargo ücretini, Peşin indirimini ve KDV’yi ayrı ayrı, ödeyeceğiniz toplam tutarı da onaylamadan önce görürsünüz.',
          },
          {
            question: 'Satıcı olarak ödememi ne zaman alırım?',
            answer:
              'Alıcı teslimatı onayladığında ödeme hesabınıza aktarılmak üzere serbest bırakılır. Alıcı onay vermez ve sorun bildirmezse ödeme, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra otomatik olarak size aktarılır.',
          },
        ],
      },
      {
        heading: 'Kargo ve Teslimat',
        faqs: [
          {
            question: 'Kargo ücreti ne kadar?',
            answer:
              'Kargo ücreti satıcı başına 25 TL’dir. Sepetinizde aynı satıcıya ait birden fazla ürün varsa kargo ücreti bir kez alınır; farklı satıcılardan alışveriş yaptığınızda her satıcı için ayrı kargo ücreti eklenir. Bir satıcıdan aldığınız ürünlerin tutarı (KDV hariç) 1.000 TL ve üzerindeyse o satıcının kargosu ücretsizdir; sepetiniz, ücretsiz kargoya ne kadar kaldığını satıcı başına gösterir.',
          },
          {
            question: 'Teslimatı nasıl onaylarım?',
            answer:
              'Ürünü teslim alıp kontrol ettikten sonra sipariş detayındaki teslimat onayı adımını kullanın. Onayınızla birlikte ödeme satıcıya aktarılır; bu nedenle ürünü kontrol etmeden onay vermeyin.',
          },
          {
            question: 'İade hakkım var mı?',
            answer:
              'Evet. Teslimattan itibaren 7 gün içinde koşulsuz iade talebinde bulunabilirsiniz. Talebinizi sipariş detayındaki “Sorun Bildir” adımıyla iletirsiniz; süreç yönetici ekibimiz tarafından takip edilir.',
          },
        ],
      },
      {
        heading: 'Hesap ve Güvenlik',
        faqs: [
          {
            question: 'Şifremi unuttum, ne yapmalıyım?',
            answer:
              'Giriş sayfasındaki şifre yenileme adımını kullanabilir ya da kayıtlı e-posta adresinizden destek@optistok.com.tr adresine yazabilirsiniz. Güvenliğiniz için şifrenizi e-posta veya telefonla kimseyle paylaşmayın; OptiStok çalışanları şifrenizi hiçbir zaman sormaz.',
          },
          {
            question: 'Şüpheli bir ilan veya mesaj görürsem ne yapmalıyım?',
            answer:
              'İşlem yapmadan önce iletişim formundan veya destek@optistok.com.tr adresinden bize bildirin. Platform dışında ödeme isteyen, farklı bir hesap numarası veren ya da sizi başka bir siteye yönlendiren taleplere kesinlikle itibar etmeyin.',
          },
          {
            question: 'Mağaza bilgilerimi nasıl güncellerim?',
            answer:
              'Vergi numarası, unvan veya yetkili kişi gibi bilgilerdeki değişiklikler yeniden doğrulama gerektirebilir. Güncel belgelerle birlikte iletişim formu üzerinden talepte bulunabilirsiniz.',
          },
          {
            question: 'Hesabımı nasıl kapatırım?',
            answer:
              'Kayıtlı e-posta adresinizden iletişim formu veya e-posta yoluyla talepte bulunursunuz. Açık siparişlerin ve güvenli ödemede bekleyen tutarların önce tamamlanması gerekir. Ayrıntılar Hesap Kapatma sayfasında yer alır.',
          },
        ],
      },
    ],
    cta: { label: 'Sorunuzu Bize Sorun', to: '/iletisim' },
  },

  'kullanici-sozlesmesi': {
    title: 'Kullanıcı Sözleşmesi',
    lead: 'Bu sözleşme, OptiStok platformu ile platforma üye olan mağazalar arasındaki hak ve yükümlülükleri düzenler. Üyelik onayıyla birlikte yürürlüğe girer.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: '1. Taraflar ve konu',
        paragraphs: [
          'Bu sözleşme, OptiStok platformunun işletmecisi (“OptiStok”) ile başvurusu onaylanarak üye olan mağaza (“Üye”) arasında akdedilmiştir. Sözleşmenin konusu, Üyelerin platform üzerinden birbirleriyle optik ürün ve ekipman alıp satmasına ilişkin kuralların belirlenmesidir.',
          'OptiStok, Üyeler arasındaki alım-satıma aracılık eden bir pazar yeri hizmeti sunar; ilanlardaki ürünlerin satıcısı değildir. Satış sözleşmesi alıcı Üye ile satıcı Üye arasında kurulur.',
        ],
      },
      {
        heading: '2. Üyelik ve hesap',
        items: [
          'Üyelik yalnızca başvurusu yönetici tarafından onaylanan, vergi mükellefi ticari işletmelere verilir; OptiStok gerekçe göstermeksizin başvuruyu reddedebilir.',
          'Üye, başvuruda ve sonrasında verdiği bilgilerin (mağaza adı, yetkili kişi, vergi numarası, ÜTS numarası, iletişim bilgileri) doğru ve güncel olmasından sorumludur.',
          'Hesap, Üye’nin yetkilendirdiği kişiler tarafından kullanılır. Hesapla yapılan tüm işlemler Üye tarafından yapılmış sayılır; giriş bilgilerinin gizliliğini korumak Üye’nin sorumluluğundadır.',
          'Üyelik devredilemez; başka bir işletme adına işlem yapılamaz.',
        ],
      },
      {
        heading: '3. İlan ve satış kuralları',
        items: [
          'İlanlar ürünün gerçek durumunu, markasını, modelini, adedini ve varsa kusurlarını doğru yansıtmalıdır.',
          'Taklit, sahte, çalıntı, gümrük mevzuatına aykırı veya satışı yasaklanmış ürünler ilana konulamaz.',
          'Kontakt lens gibi tıbbi cihaz niteliğindeki ürünlerin satışında Ürün Takip Sistemi (ÜTS) dahil ilgili sağlık mevzuatına uyulması satıcı Üye’nin sorumluluğundadır.',
          'Satıcı, satışa ilişkin faturayı yürürlükteki vergi mevzuatına uygun olarak düzenlemekle yükümlüdür.',
          'Satıcı, ödemesi alınan siparişi makul süre içinde, ilanda belirtilen özelliklerle ve uygun şekilde paketleyerek kargoya vermelidir.',
          'Üyeler, platform üzerinden tanıştıkları diğer Üyelerle işlemi platform dışına taşıyarak güvenli ödeme sistemini devre dışı bırakamaz.',
        ],
      },
      {
        heading: '4. Ödeme ve güvenli ödeme',
        paragraphs: [
          'Alıcı Üye’nin ödediği tutar güvenli ödeme (escrow) hesabında tutulur ve alıcı teslimatı onayladığında satıcıya aktarılır. Alıcı onay vermez ve sipariş için açık bir sorun bildirimi bulunmazsa tutar, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra otomatik olarak satıcıya aktarılır.',
          'İlan fiyatları KDV hariçtir (“+KDV”). Ödeme adımında ürün bedeli, satıcı başına 25 TL kargo ücreti ve ürün grubunun oranından KDV (genel oran %20; kargo ücreti KDV matrahına dahildir) ayrıca gösterilir. Ödemeler 1, 2, 3, 6 veya 12 taksitle yapılabilir; tek çekim (Peşin) ödemelerde %2 indirim uygulanır.',
          'OptiStok, hizmetleri için herhangi bir bedel veya komisyon uygulamaya karar verirse, bunu yürürlüğe girmeden önce Üyelere bildirir.',
        ],
      },
      {
        heading: '5. Teslimat, iade ve uyuşmazlıklar',
        paragraphs: [
          'Alıcı Üye, teslimattan itibaren 7 gün içinde koşulsuz iade talebinde bulunabilir. İade ve diğer sipariş sorunları sipariş detayındaki “Sorun Bildir” adımıyla bildirilir.',
          'Sorun bildirilen siparişlerde ödeme satıcıya aktarılmaz. OptiStok yöneticileri tarafların sunduğu bilgi ve belgeleri inceler; ödemenin satıcıya aktarılması veya alıcıya iadesi yönünde karar verir. Üyeler bu inceleme sırasında talep edilen bilgileri eksiksiz sunmakla yükümlüdür.',
        ],
      },
      {
        heading: '6. Gizlilik ve kişisel veriler',
        paragraphs: [
          'Satıcılar alıcılara yalnızca herkese açık kullanıcı adlarıyla gösterilir. Siparişin gönderilebilmesi için gerekli teslimat bilgileri yalnızca ilgili satıcıyla paylaşılır ve yalnızca o siparişin yerine getirilmesi için kullanılabilir.',
          'Kişisel verilerin işlenmesine ilişkin ayrıntılar Gizlilik Politikası ve KVKK Aydınlatma Metni’nde yer alır; bu metinler sözleşmenin ayrılmaz parçasıdır.',
        ],
      },
      {
        heading: '7. Sorumluluğun sınırları',
        paragraphs: [
          'Ürünlerin niteliği, ilanlardaki bilgilerin doğruluğu ve ürünlerin mevzuata uygunluğu satıcı Üye’nin sorumluluğundadır. OptiStok, Üyeler arasındaki satış sözleşmesinin tarafı olmamakla birlikte, güvenli ödeme ve uyuşmazlık süreçlerini bu sözleşmede belirtilen kurallar çerçevesinde yürütür.',
          'OptiStok, hizmetin kesintisiz çalışması için makul özeni gösterir; bakım, altyapı arızası veya kendi kontrolü dışındaki nedenlerden kaynaklanan geçici kesintilerden doğan dolaylı zararlardan sorumlu tutulamaz.',
        ],
      },
      {
        heading: '8. Askıya alma ve sözleşmenin sona ermesi',
        paragraphs: [
          'Bu sözleşmeye, kullanım şartlarına veya mevzuata aykırı davranan, yanlış bilgi veren ya da diğer Üyeleri zarara uğratan Üye’nin hesabı OptiStok tarafından askıya alınabilir veya kapatılabilir. Bu durumda devam eden siparişler ve güvenli ödemede bekleyen tutarlar, uyuşmazlık kuralları çerçevesinde sonuçlandırılır.',
          'Üye, açık siparişleri ve bekleyen ödemeleri tamamlandıktan sonra dilediği zaman hesabının kapatılmasını talep edebilir.',
        ],
      },
      {
        heading: '9. Değişiklikler ve uygulanacak hukuk',
        paragraphs: [
          'OptiStok bu sözleşmeyi güncelleyebilir; esaslı değişiklikler yürürlüğe girmeden önce Üyelere e-posta veya platform bildirimiyle duyurulur. Değişiklikten sonra platformun kullanılmaya devam edilmesi, güncel metnin kabulü anlamına gelir.',
          'Bu sözleşme Türkiye Cumhuriyeti hukukuna tabidir. Uyuşmazlıklarda Türkiye Cumhuriyeti mahkemeleri ve icra daireleri yetkilidir.',
        ],
      },
    ],
    cta: { label: 'Gizlilik Politikasını İnceleyin', to: '/gizlilik-politikasi' },
  },

  'gizlilik-politikasi': {
    title: 'Gizlilik Politikası',
    lead: 'OptiStok olarak üye mağazalarımızın ve yetkililerinin bilgilerini yalnızca hizmeti sunmak için gereken ölçüde işler, ticari gizliliği platformun temel ilkesi olarak koruruz.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: 'Kapsam',
        paragraphs: [
          'Bu politika; optistok.com.tr web sitesi ve OptiStok platformu üzerinden toplanan bilgilerin nasıl işlendiğini, kimlerle paylaşıldığını ve nasıl korunduğunu açıklar. Kişisel verilerin işlenmesine ilişkin yasal bilgilendirme için KVKK Aydınlatma Metni’ni de incelemenizi öneririz.',
        ],
      },
      {
        heading: 'Topladığımız bilgiler',
        items: [
          'Başvuru bilgileri: mağaza adı, yetkili kişinin adı soyadı, e-posta adresi, cep telefonu, il, vergi numarası, ÜTS numarası ve vergi levhası.',
          'Hesap ve işlem bilgileri: ilanlar, siparişler, ödeme ve güvenli ödeme kayıtları, teslimat bilgileri, iade ve sorun bildirimleri.',
          'İletişim kayıtları: iletişim formu ve e-posta yoluyla bize ilettiğiniz mesajlar.',
          'Teknik bilgiler: oturum ve güvenlik için gereken kayıtlar (ör. giriş denemeleri, IP adresi, işlem zamanı).',
        ],
        paragraphs: [
          'Kart numarası gibi ödeme aracı bilgileri ödeme hizmeti sağlayıcısının güvenli ödeme sayfasında işlenir; OptiStok bu bilgileri kendi sistemlerinde saklamaz.',
        ],
      },
      {
        heading: 'Bilgileri hangi amaçlarla kullanıyoruz?',
        items: [
          'Üyelik başvurularını incelemek ve işletmelerin yetkili ve faal olduğunu doğrulamak,',
          'Alım-satım, ödeme, güvenli ödeme, teslimat ve iade süreçlerini yürütmek,',
          'Uyuşmazlıkları incelemek ve sonuçlandırmak,',
          'Platformu dolandırıcılık ve yetkisiz erişime karşı korumak,',
          'Yasal yükümlülüklerimizi yerine getirmek ve destek taleplerinizi yanıtlamak.',
        ],
        paragraphs: [
          'Bilgilerinizi satmayız, reklam amacıyla üçüncü kişilerle paylaşmayız ve profil çıkararak reklam göstermeyiz.',
        ],
      },
      {
        heading: 'Bilgileri kimlerle paylaşıyoruz?',
        items: [
          'Diğer üyeler: satıcılar alıcılara yalnızca herkese açık kullanıcı adlarıyla görünür. Siparişin gönderilebilmesi için gereken teslimat bilgileri yalnızca ilgili satıcıyla paylaşılır.',
          'Hizmet sağlayıcılar: ödeme, barındırma, e-posta gönderimi ve kargo gibi hizmetleri sunan iş ortaklarımız, yalnızca hizmetin gerektirdiği ölçüde ve gizlilik yükümlülüğü altında.',
          'Yetkili kurum ve kuruluşlar: yasal bir yükümlülük veya yetkili makamın talebi bulunduğunda, mevzuatın öngördüğü sınırlar içinde.',
        ],
      },
      {
        heading: 'Saklama ve güvenlik',
        paragraphs: [
          'Bilgilerinizi işleme amacının gerektirdiği süre boyunca ve yasal saklama süreleri dolana kadar saklarız. Fatura ve işlem kayıtları gibi mevzuat gereği saklanması zorunlu kayıtlar dışındaki veriler, süre sona erdiğinde veya hesabınız kapatıldığında silinir ya da anonim hâle getirilir.',
          'Platformla aranızdaki tüm iletişim 256-bit SSL ile şifrelenir. Verilere erişim, görevi gereği ihtiyaç duyan yetkili personelle sınırlıdır ve erişimler kayıt altına alınır.',
        ],
      },
      {
        heading: 'Çerezler ve yerel depolama',
        paragraphs: [
          'Sitemiz yalnızca oturum ve güvenlik için zorunlu çerezleri kullanır; sepetiniz ve arayüz tercihleriniz tarayıcınızın yerel depolama alanında tutulur. Reklam veya üçüncü taraf izleme çerezi kullanmayız. Ayrıntılar Çerez Politikası’nda yer alır.',
        ],
      },
      {
        heading: 'Haklarınız ve iletişim',
        paragraphs: [
          '6698 sayılı Kişisel Verilerin Korunması Kanunu’nun 11. maddesi kapsamındaki haklarınızı kullanmak veya bu politika hakkında soru sormak için kayıtlı e-posta adresinizden destek@optistok.com.tr adresine yazabilir ya da iletişim formunu kullanabilirsiniz.',
          'Bu politikada yapılacak değişiklikler bu sayfada yayımlanır; esaslı değişiklikler üyelere ayrıca duyurulur.',
        ],
      },
    ],
    cta: { label: 'KVKK Aydınlatma Metni', to: '/kvkk' },
  },

  'hesap-kapat': {
    title: 'Hesap Kapatma',
    lead: 'OptiStok üyeliğinizi dilediğiniz zaman sonlandırabilirsiniz. Aşağıda hesap kapatma sürecinin nasıl işlediğini ve verilerinize ne olduğunu açıklıyoruz.',
    sections: [
      {
        heading: 'Talep nasıl iletilir?',
        paragraphs: [
          'Hesap kapatma talebinizi iletişim formu üzerinden ya da destek@optistok.com.tr adresine e-posta göndererek iletebilirsiniz. Talebin, hesabınızda kayıtlı e-posta adresinden gönderilmesi gerekir; böylece talebin gerçekten hesap sahibinden geldiğini doğrulayabiliriz.',
          'Mesajınızda mağaza adınızı ve kullanıcı adınızı (@kullaniciadi) belirtmeniz süreci hızlandırır. Gerekli görürsek kimlik doğrulaması için ek bilgi isteyebiliriz.',
        ],
      },
      {
        heading: 'Kapatmadan önce tamamlanması gerekenler',
        items: [
          'Alıcı veya satıcı olduğunuz tüm açık siparişler teslim edilmiş ve sonuçlanmış olmalıdır.',
          'Güvenli ödemede bekleyen tutarlar, teslimat onayıyla ya da otomatik onay süresinin dolmasıyla ilgili tarafa aktarılmış olmalıdır.',
          '7 günlük iade süresi devam eden siparişlerin bu süresi dolmalı, açık iade talepleri sonuçlanmalıdır.',
          '“Sorun Bildir” ile açılmış uyuşmazlıklar yönetici incelemesiyle sonuçlandırılmış olmalıdır.',
        ],
        paragraphs: [
          'Bu koşullar sağlanana kadar aktif ilanlarınızı yayından kaldırarak yeni sipariş almayı durdurabilirsiniz. Talebinizi önceden iletirseniz, işlemler tamamlandığında hesabınızı kapatırız.',
        ],
      },
      {
        heading: 'Hesap kapatıldığında ne olur?',
        items: [
          'Hesabınıza giriş yapılamaz ve ilanlarınız platformdan kaldırılır.',
          'Herkese açık kullanıcı adınız başka mağazalara görünmez.',
          'Talebinizi aldıktan ve ön koşullar sağlandıktan sonra işlemi en geç 30 gün içinde tamamlar, sonucu kayıtlı e-posta adresinize bildiririz.',
          'Hesabı kapatılan bir mağaza yeniden üye olmak isterse /register üzerinden yeni bir başvuru yapması gerekir.',
        ],
      },
      {
        heading: 'Verilerinize ne olur?',
        paragraphs: [
          'Fatura, sipariş ve ödeme kayıtları gibi işlem verileri, Vergi Usul Kanunu ve ilgili mevzuatta öngörülen yasal saklama süreleri boyunca (faturalar ve işlem kayıtları için genel olarak 5 yıl) saklanır. Bu kayıtlara yalnızca yasal yükümlülükler ve olası uyuşmazlıklar için erişilir.',
          'Yasal olarak saklanması gerekmeyen diğer kişisel verileriniz (ör. yetkili kişi iletişim bilgileri, tercihleriniz) silinir veya anonim hâle getirilir. Saklama süresi dolan kayıtlar da aynı şekilde imha edilir.',
        ],
      },
      {
        heading: 'Hesabı kapatmak yerine',
        paragraphs: [
          'Yalnızca bir süre satış yapmak istemiyorsanız ilanlarınızı yayından kaldırmanız yeterlidir. Yetkili kişi veya iletişim bilgisi değişikliği için hesabınızı kapatmanıza gerek yoktur; güncelleme talebinizi iletişim formundan gönderebilirsiniz.',
        ],
      },
    ],
    cta: { label: 'Hesap Kapatma Talebi Gönder', to: '/iletisim' },
  },

  'nasil-calisir': {
    title: 'Nasıl Çalışır?',
    lead: 'Başvurudan ilk satışınızın ödemesine kadar OptiStok’ta alım-satım süreci adım adım böyle işler.',
    sections: [
      {
        heading: '1. Başvurun',
        paragraphs: [
          '/register adresindeki başvuru formunu doldurun: mağaza adı, yetkili kişi, e-posta, cep telefonu (05xxxxxxxxx), il, 10 haneli vergi numarası ve 13 haneli ÜTS numarası. Vergi levhanızı PDF, JPG veya PNG olarak yükleyin.',
        ],
      },
      {
        heading: '2. Onay ve ilk giriş',
        paragraphs: [
          'Yönetici ekibimiz bilgilerinizi ve vergi levhanızı inceler. Başvurunuz onaylandığında giriş bilgileriniz e-posta adresinize gönderilir. İlk girişinizde şifrenizi yalnızca sizin bildiğiniz güçlü bir şifreyle değiştirmenizi öneririz.',
        ],
      },
      {
        heading: '3. İlan verin',
        paragraphs: [
          'Stok fazlanızı uygun kategoride (Optik Çerçeve, Güneş Gözlüğü, Lens, Atölye, Aksesuar, Çocuk Gözlüğü) ilana çıkarın. Marka, model, adet, fiyat ve ürünün durumunu doğru girin; net fotoğraflar satışı hızlandırır.',
          'İlanlarınızda alıcılar sizi yalnızca herkese açık kullanıcı adınızla (@kullaniciadi) görür.',
        ],
      },
      {
        heading: '4. Satın alın ve ödeyin',
        paragraphs: [
          'İhtiyacınız olan ürünleri farklı satıcılardan sepetinize ekleyin. İlan fiyatları KDV hariçtir (“+KDV”); ödeme adımında ürün tutarı, satıcı başına 25 TL kargo ücreti (bir satıcıdan 1.000 TL ve üzeri alışverişte ücretsiz) ve KDV (genel oran %20) ayrı ayrı gösterilir.',
        ],
        items: [
          '1, 2, 3, 6 veya 12 taksit seçenekleri',
          'Tek çekim (Peşin) ödemede %2 indirim',
          '256-bit SSL ile şifrelenmiş ödeme bağlantısı',
        ],
      },
      {
        heading: '5. Güvenli ödeme ve kargo',
        paragraphs: [
          'Ödemeniz satıcıya doğrudan gitmez, güvenli ödeme (escrow) hesabında bekler. Satıcı siparişi hazırlayıp kargoya verir ve sipariş durumunu günceller; siz de siparişi sipariş detayından takip edersiniz.',
        ],
      },
      {
        heading: '6. Teslimatı onaylayın',
        paragraphs: [
          'Ürünü teslim alıp kontrol ettikten sonra teslimatı onaylayın; ödeme satıcıya aktarılır. Bir sorun varsa onay vermek yerine “Sorun Bildir” adımını kullanın: ödeme bekletilir ve yönetici ekibimiz durumu inceler. Teslimattan itibaren 7 gün içinde koşulsuz iade talebinde bulunabilirsiniz.',
        ],
      },
      {
        heading: '7. Satıcıya ödeme',
        paragraphs: [
          'Alıcı teslimatı onayladığında ödeme satıcıya aktarılır. Alıcı onay vermez ve açık bir sorun bildirimi bulunmazsa ödeme, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra otomatik olarak satıcıya aktarılır. Böylece satıcı da ödemesinin süresiz beklemeyeceğinden emin olur.',
        ],
      },
    ],
    cta: { label: 'Hemen Başvurun', to: '/register' },
  },

  guvenlik: {
    title: 'Güvenlik',
    lead: 'OptiStok’ta güvenlik; kimin üye olabildiğinden ödemenin nasıl tutulduğuna kadar platformun her katmanında ele alınır.',
    sections: [
      {
        heading: 'Doğrulanmış üyeler',
        paragraphs: [
          'Platforma yalnızca başvurusu yönetici tarafından incelenip onaylanan mağazalar katılabilir. Her başvuruda vergi levhası, 10 haneli vergi numarası ve 13 haneli ÜTS numarası istenir. Bilgileri tutarsız olan veya doğrulanamayan başvurular onaylanmaz.',
          'Kurallara aykırı davranan üyelerin hesapları askıya alınabilir veya kapatılabilir.',
        ],
      },
      {
        heading: 'Güvenli ödeme (escrow)',
        paragraphs: [
          'Alıcının ödemesi, teslimat onaylanana kadar güvenli ödeme hesabında tutulur. Böylece alıcı, ürünü almadan parasının satıcıya geçmeyeceğini; satıcı ise ödemenin alındığını bilerek gönderim yapar.',
          'Sorun bildirilen siparişlerde ödeme bekletilir ve yönetici kararıyla sonuçlanır. Onay verilmeyen ve sorun bildirilmeyen siparişlerde ödeme, sipariş tarihinden en az 15 gün ve kargoya verilişten en az 7 günlük inceleme süresi geçtikten sonra satıcıya aktarılır.',
        ],
      },
      {
        heading: 'Şifreli bağlantı ve ödeme güvenliği',
        items: [
          'Site ile tarayıcınız arasındaki tüm trafik 256-bit SSL ile şifrelenir.',
          'Kart bilgileri ödeme hizmeti sağlayıcısının güvenli ödeme sayfasında işlenir; OptiStok kart bilgilerini saklamaz.',
          'Sayfalarımız, başka sitelerin içine gömülmeye ve yetkisiz betik çalıştırılmasına karşı tarayıcı güvenlik başlıklarıyla korunur.',
        ],
      },
      {
        heading: 'Oturum ve hesap güvenliği',
        paragraphs: [
          'Oturumunuz, yalnızca giriş için kullanılan zorunlu bir oturum çereziyle yürütülür. Tekrarlanan başarısız giriş denemeleri sınırlandırılır ve güvenlikle ilgili olaylar kayıt altına alınır.',
        ],
        items: [
          'Başka hiçbir yerde kullanmadığınız, güçlü bir şifre seçin.',
          'Ortak kullanılan bilgisayarlarda işiniz bittiğinde mutlaka çıkış yapın.',
          'Şifrenizi kimseyle paylaşmayın; OptiStok çalışanları şifrenizi hiçbir zaman sormaz.',
        ],
      },
      {
        heading: 'Dolandırıcılığa karşı dikkat edilmesi gerekenler',
        items: [
          'Ödemeyi her zaman platform üzerinden yapın; havale veya platform dışı ödeme taleplerini kabul etmeyin.',
          'Ürünü teslim almadan ve kontrol etmeden teslimat onayı vermeyin.',
          'OptiStok adına gelen ve şifre, kart bilgisi ya da doğrulama kodu isteyen e-postalara yanıt vermeyin, bağlantılarına tıklamayın.',
        ],
      },
      {
        heading: 'Şüpheli durum bildirimi',
        paragraphs: [
          'Şüpheli bir ilan, mesaj, e-posta veya hesabınızda tanımadığınız bir işlem fark ederseniz vakit kaybetmeden iletişim formundan ya da destek@optistok.com.tr adresinden bize bildirin. Bir siparişle ilgiliyse sipariş detayındaki “Sorun Bildir” adımını da kullanın.',
          'Hesabınızın başkası tarafından kullanıldığından şüpheleniyorsanız şifrenizi hemen değiştirin ve bize haber verin; gerekirse hesabınızı geçici olarak kilitleriz.',
        ],
      },
    ],
    cta: { label: 'Şüpheli Durum Bildir', to: '/iletisim' },
  },

  'uyelik-sartlari': {
    title: 'Üyelik Şartları',
    lead: 'OptiStok yalnızca doğrulanmış optik işletmelere açıktır. Kimlerin üye olabileceğini, gereken belgeleri ve üyelerin yükümlülüklerini aşağıda bulabilirsiniz.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: 'Kimler üye olabilir?',
        items: [
          'Türkiye’de faaliyet gösteren, vergi mükellefi optik mağazaları ve optisyenlik işletmeleri,',
          'Gözlük ve optik ürün satışı yapan gözlükçüler ile moda mağazaları,',
          'Geçerli bir vergi levhasına ve ÜTS kaydına sahip işletmeler.',
        ],
        paragraphs: ['Bireysel tüketicilere ve optik ürün ticareti yapmayan işletmelere üyelik verilmez.'],
      },
      {
        heading: 'Gerekli bilgi ve belgeler',
        items: [
          'Mağaza adı',
          'Yetkili kişinin adı soyadı',
          'E-posta adresi (giriş bilgileri bu adrese gönderilir)',
          'Cep telefonu (05xxxxxxxxx biçiminde, 11 hane)',
          'İl (Türkiye’nin 81 ilinden biri)',
          '10 haneli vergi numarası',
          '13 haneli ÜTS (Ürün Takip Sistemi) numarası',
          'Vergi levhası (PDF, JPG veya PNG)',
        ],
      },
      {
        heading: 'Onay süreci',
        paragraphs: [
          'Başvurunuz /register adresindeki form ile alınır ve yönetici ekibimiz tarafından incelenir. Vergi levhasındaki bilgilerin formdaki bilgilerle uyumlu olup olmadığı kontrol edilir; gerekirse sizden ek bilgi veya belge istenir.',
          'Başvurunuz onaylandığında giriş bilgileriniz e-posta adresinize gönderilir. Başvurusu uygun bulunmayan işletmelere de e-postayla bilgi verilir. Eksik veya okunamayan belgeler incelemeyi uzatır.',
        ],
      },
      {
        heading: 'Üyelerin yükümlülükleri',
        items: [
          'Bilgilerini doğru ve güncel tutmak; vergi numarası, unvan veya yetkili kişi değişikliklerini bildirmek,',
          'Yalnızca orijinal, ilanda tarif edildiği gibi ve mevzuata uygun ürünler satmak,',
          'Tıbbi cihaz niteliğindeki ürünlerde (ör. kontakt lens) ÜTS dahil ilgili sağlık mevzuatına uymak,',
          'Satışlar için mevzuata uygun fatura düzenlemek,',
          'Ödemeleri yalnızca platform üzerinden almak ve yapmak,',
          'Diğer üyelerin ticari bilgilerini ve teslimat bilgilerini yalnızca ilgili sipariş için kullanmak.',
        ],
      },
      {
        heading: 'Üyeliğin askıya alınması',
        paragraphs: [
          'Yanlış bilgi verdiği, taklit veya mevzuata aykırı ürün sattığı, platform dışı ödeme yönlendirmesi yaptığı ya da diğer üyeleri zarara uğrattığı tespit edilen üyelerin hesapları askıya alınabilir veya kapatılabilir. Ayrıntılı kurallar Kullanıcı Sözleşmesi’nde yer alır.',
        ],
      },
    ],
    cta: { label: 'Üyelik Başvurusu Yap', to: '/register' },
  },

  destek: {
    title: 'Destek Merkezi',
    lead: 'Üyelik, siparişler, ödemeler veya hesabınızla ilgili yardıma mı ihtiyacınız var? Doğru kanala buradan ulaşabilirsiniz.',
    sections: [
      {
        heading: 'Önce Sıkça Sorulan Sorular’a göz atın',
        paragraphs: [
          'Başvuru belgeleri, güvenli ödeme, taksit seçenekleri, kargo ücreti ve iade süreci gibi konuların yanıtları Sıkça Sorulan Sorular sayfasında yer alır. Çoğu soruya orada hemen yanıt bulabilirsiniz.',
        ],
      },
      {
        heading: 'Hangi konularda yardımcı oluyoruz?',
        items: [
          'Üyelik ve başvuru: başvuru durumu, eksik belge, bilgi güncelleme',
          'Alım-satım: ilan verme, ürün kategorileri, sipariş takibi',
          'Ödeme ve güvenli ödeme: taksitler, Peşin indirimi, ödemenin satıcıya aktarılması',
          'Kargo, teslimat ve iade: teslimat onayı, 7 gün koşulsuz iade',
          'Hesap ve güvenlik: giriş sorunları, şüpheli işlem bildirimi, hesap kapatma',
        ],
      },
      {
        heading: 'Bir siparişle ilgili sorun mu var?',
        paragraphs: [
          'Ürün gelmediyse, hasarlı veya ilandan farklı geldiyse ya da iade etmek istiyorsanız sipariş detayındaki “Sorun Bildir” adımını kullanın. Sorun bildirilen siparişin ödemesi satıcıya aktarılmaz ve kayıt doğrudan yönetici ekibimizin incelemesine düşer.',
        ],
      },
      {
        heading: 'Bize ulaşın',
        items: [
          'İletişim formu: /iletisim sayfasından; mesajınıza bir başvuru numarası verilir.',
          'E-posta: destek@optistok.com.tr',
          'Destek saatleri: hafta içi 09:00–18:00',
        ],
        paragraphs: [
          'Mesai saatleri içinde gelen taleplere en geç bir iş günü içinde yanıt veriyoruz. Mesajınızda mağaza adınızı, kullanıcı adınızı ve varsa sipariş numarasını belirtmeniz çözümü hızlandırır. Güvenliğiniz için mesajlarınızda şifre veya kart bilgisi paylaşmayın.',
        ],
      },
    ],
    cta: { label: 'Sıkça Sorulan Sorular', to: '/sss' },
  },

  'canli-destek': {
    title: 'Canlı Destek',
    lead: 'Canlı destek hattımız henüz hizmete açılmadı. Hazırlıklar tamamlanana kadar size iletişim formu ve e-posta üzerinden yardımcı oluyoruz.',
    sections: [
      {
        heading: 'Canlı destek ne zaman açılacak?',
        paragraphs: [
          'Üyelerimize anlık yanıt verebilecek bir canlı destek hizmeti üzerinde çalışıyoruz ve kısa süre içinde hizmete açmayı hedefliyoruz. Şu anda bu sayfada yanıt veren bir temsilci bulunmuyor; bu nedenle talebinizin kaybolmaması için aşağıdaki kanalları kullanmanızı rica ediyoruz.',
        ],
      },
      {
        heading: 'Şimdilik bize nasıl ulaşabilirsiniz?',
        items: [
          'İletişim formu: /iletisim sayfasından mesaj gönderin; talebinize bir başvuru numarası verilir.',
          'E-posta: destek@optistok.com.tr adresine yazın.',
          'Destek saatleri: hafta içi 09:00–18:00. Bu saatlerde gelen taleplere en geç bir iş günü içinde yanıt veriyoruz.',
        ],
      },
      {
        heading: 'Acil bir sipariş sorununuz mu var?',
        paragraphs: [
          'Bir siparişle ilgili sorun yaşıyorsanız teslimatı onaylamayın ve sipariş detayındaki “Sorun Bildir” adımını kullanın. Sorun bildirilen siparişin ödemesi satıcıya aktarılmaz; kayıt yönetici ekibimizin incelemesine alınır.',
        ],
      },
      {
        heading: 'Hızlı yanıtlar için',
        paragraphs: [
          'Üyelik, ödeme, kargo ve iade ile ilgili sık sorulan soruların yanıtlarını Sıkça Sorulan Sorular sayfasında hemen bulabilirsiniz.',
        ],
      },
    ],
    cta: { label: 'İletişim Formuna Git', to: '/iletisim' },
  },

  'kullanim-sartlari': {
    title: 'Kullanım Şartları',
    lead: 'Bu şartlar, OptiStok web sitesini ziyaret eden veya kullanan herkes için geçerlidir. Üye mağazalarla aramızdaki alım-satım kuralları ise Kullanıcı Sözleşmesi’nde düzenlenmiştir.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: 'Kapsam ve kabul',
        paragraphs: [
          'optistok.com.tr web sitesine erişerek bu kullanım şartlarını kabul etmiş sayılırsınız. Şartları kabul etmiyorsanız siteyi kullanmamanızı rica ederiz. Üye mağazalar için bu şartlar, Kullanıcı Sözleşmesi ile birlikte uygulanır.',
        ],
      },
      {
        heading: 'Kabul edilebilir kullanım',
        paragraphs: ['Siteyi yalnızca hukuka uygun amaçlarla ve aşağıdaki kurallara uyarak kullanabilirsiniz:'],
        items: [
          'Başka bir üyenin hesabına izinsiz erişmeye, şifre tahmin etmeye veya güvenlik önlemlerini aşmaya çalışmamak,',
          'Siteyi veya altyapısını aşırı yükleyecek otomatik sorgulama, veri kazıma (scraping) ve toplu veri çekme işlemleri yapmamak,',
          'Zararlı yazılım, istenmeyen ileti veya yanıltıcı içerik yaymamak,',
          'İlan ve fiyat bilgilerini platform dışında yayımlamak veya ticari amaçla kopyalamak için toplamamak,',
          'Üyelerin herkese açık kullanıcı adlarının ardındaki kimlikleri ortaya çıkarmaya çalışmamak.',
        ],
      },
      {
        heading: 'Fikri mülkiyet',
        paragraphs: [
          'OptiStok adı, logosu, sitenin tasarımı, yazılımı ve özgün içerikleri OptiStok’a aittir ve izinsiz kullanılamaz, çoğaltılamaz veya dağıtılamaz.',
          'Üyelerin yüklediği ilan metinleri ve fotoğraflarının sorumluluğu yükleyen üyeye aittir. Üye, bu içerikleri yükleme hakkına sahip olduğunu ve üçüncü kişilerin marka ve telif haklarını ihlal etmediğini kabul eder; içeriklerin platformda gösterilmesi için OptiStok’a gerekli kullanım iznini verir. İlanlarda yer alan marka adları ilgili hak sahiplerine aittir.',
        ],
      },
      {
        heading: 'İçeriklerin doğruluğu',
        paragraphs: [
          'Sitedeki bilgilendirme içeriklerini özenle hazırlıyoruz; ancak bu içerikler hukuki, mali veya mesleki danışmanlık yerine geçmez. İlanlardaki ürün bilgileri satıcı üyeler tarafından girilir ve doğruluğundan ilgili satıcı sorumludur.',
        ],
      },
      {
        heading: 'Sorumluluğun sınırlandırılması',
        paragraphs: [
          'Site “olduğu gibi” sunulur. Kesintisiz ve hatasız çalışması için makul özeni gösteririz; bakım, altyapı arızası veya kontrolümüz dışındaki nedenlerle yaşanan geçici erişim sorunlarından doğan dolaylı zararlardan, yürürlükteki mevzuatın izin verdiği ölçüde sorumlu değiliz.',
          'Siteden bağlantı verilen üçüncü taraf sitelerin (ör. kargo firmalarının takip sayfaları) içeriği ve uygulamaları ilgili tarafların sorumluluğundadır.',
        ],
      },
      {
        heading: 'Erişimin kısıtlanması',
        paragraphs: [
          'Bu şartlara aykırı kullanım tespit edildiğinde ilgili kullanıcının siteye erişimini kısıtlayabilir, hesabını askıya alabilir ve gerekli durumlarda yetkili makamlara bildirimde bulunabiliriz.',
        ],
      },
      {
        heading: 'Değişiklikler ve uygulanacak hukuk',
        paragraphs: [
          'Bu şartları zaman zaman güncelleyebiliriz; güncel metin her zaman bu sayfada yayımlanır. Şartlar Türkiye Cumhuriyeti hukukuna tabidir. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.',
        ],
      },
    ],
    cta: { label: 'Kullanıcı Sözleşmesi', to: '/kullanici-sozlesmesi' },
  },

  gizlilik: {
    title: 'Gizlilik',
    lead: 'Gizlilik, OptiStok’un kuruluş nedenlerinden biridir. Ticari bilgilerinizi ve kişisel verilerinizi nasıl koruduğumuzu kısaca özetledik.',
    sections: [
      {
        heading: 'Ticari gizlilik',
        paragraphs: [
          'İlanlarda satıcılar yalnızca herkese açık kullanıcı adıyla (@kullaniciadi) görünür. Mağaza unvanınız, vergi bilgileriniz ve iletişim bilgileriniz diğer üyelere gösterilmez. Teslimat için gereken bilgiler yalnızca ilgili siparişin satıcısıyla paylaşılır.',
        ],
      },
      {
        heading: 'Hangi bilgileri işliyoruz?',
        items: [
          'Başvuru sırasında verdiğiniz mağaza, yetkili kişi, iletişim, vergi ve ÜTS bilgileri ile vergi levhanız',
          'İlan, sipariş, ödeme, teslimat ve iade kayıtları',
          'Destek talepleriniz ve oturum güvenliği için gereken teknik kayıtlar',
        ],
      },
      {
        heading: 'Temel ilkelerimiz',
        items: [
          'Bilgilerinizi satmayız ve reklam amacıyla paylaşmayız.',
          'Reklam veya üçüncü taraf izleme çerezi kullanmayız; yalnızca zorunlu çerezler kullanılır.',
          'Tüm bağlantılar 256-bit SSL ile şifrelenir; kart bilgileri OptiStok’ta saklanmaz.',
          'Yasal saklama süresi gerektirmeyen veriler, hesabınız kapatıldığında silinir veya anonim hâle getirilir.',
        ],
      },
      {
        heading: 'Ayrıntılı bilgi ve haklarınız',
        paragraphs: [
          'Verilerinizin nasıl işlendiğini Gizlilik Politikası’nda, 6698 sayılı Kişisel Verilerin Korunması Kanunu kapsamındaki haklarınızı ve başvuru yolunu ise KVKK Aydınlatma Metni’nde bulabilirsiniz. Çerez kullanımıyla ilgili ayrıntılar Çerez Politikası’nda yer alır.',
        ],
      },
    ],
    cta: { label: 'Gizlilik Politikasını Oku', to: '/gizlilik-politikasi' },
  },

  kvkk: {
    title: 'KVKK Aydınlatma Metni',
    lead: '6698 sayılı Kişisel Verilerin Korunması Kanunu’nun (“KVKK”) 10. maddesi uyarınca, kişisel verilerinizin OptiStok tarafından nasıl işlendiği hakkında sizi bilgilendiririz.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: 'Veri sorumlusu',
        paragraphs: [
          'Kişisel verileriniz, veri sorumlusu sıfatıyla OptiStok platformunun işletmecisi (“OptiStok”) tarafından işlenir. Kişisel verilerinizle ilgili tüm soru ve talepleriniz için destek@optistok.com.tr adresinden bize ulaşabilirsiniz.',
          'Bu metin; üyelik başvurusunda bulunan ve üye olan mağazaların yetkilileri ile çalışanlarını, iletişim formunu kullanan kişileri ve siteyi ziyaret edenleri kapsar. Şahıs işletmelerinde vergi levhası ve vergi numarası gibi bilgiler de kişisel veri niteliği taşıyabilir.',
        ],
      },
      {
        heading: 'İşlenen kişisel veriler',
        items: [
          'Kimlik ve iletişim: yetkili kişinin adı soyadı, e-posta adresi, cep telefonu, il',
          'Ticari ve mesleki bilgiler: mağaza adı, vergi numarası, ÜTS numarası, vergi levhası',
          'Müşteri işlem bilgileri: ilanlar, siparişler, teslimat bilgileri, iade ve sorun bildirimleri, destek yazışmaları',
          'Finansal bilgiler: ödeme ve güvenli ödeme kayıtları (kart bilgileri OptiStok tarafından saklanmaz, ödeme hizmeti sağlayıcısı tarafından işlenir)',
          'İşlem güvenliği: oturum bilgileri, giriş kayıtları, IP adresi, işlem zamanı',
        ],
      },
      {
        heading: 'İşleme amaçları ve hukuki sebepler',
        paragraphs: [
          'Kişisel verileriniz aşağıdaki amaçlarla ve KVKK’nın 5. maddesinin 2. fıkrasındaki hukuki sebeplere dayanılarak işlenir:',
        ],
        items: [
          'Üyelik başvurusunun değerlendirilmesi, işletmenin doğrulanması ve üyelik sözleşmesinin kurulması ve ifası (md. 5/2-c: sözleşmenin kurulması veya ifası)',
          'Alım-satım, ödeme, güvenli ödeme, teslimat ve iade süreçlerinin yürütülmesi (md. 5/2-c)',
          'Fatura ve işlem kayıtlarının saklanması, yetkili kurumların taleplerinin karşılanması (md. 5/2-a ve 5/2-ç: kanunlarda açıkça öngörülmesi ve hukuki yükümlülüğün yerine getirilmesi)',
          'Uyuşmazlıkların incelenmesi ve hakların korunması (md. 5/2-e: bir hakkın tesisi, kullanılması veya korunması)',
          'Platform ve bilgi güvenliğinin sağlanması, dolandırıcılığın önlenmesi, destek taleplerinin yanıtlanması (md. 5/2-f: meşru menfaat)',
        ],
      },
      {
        heading: 'Toplama yöntemi',
        paragraphs: [
          'Kişisel verileriniz; üyelik başvuru formu, hesabınız üzerinden yaptığınız işlemler, iletişim formu ve e-posta yazışmaları ile site kullanımı sırasında oluşan güvenlik kayıtları aracılığıyla elektronik ortamda toplanır.',
        ],
      },
      {
        heading: 'Kişisel verilerin aktarılması',
        items: [
          'Diğer üyelere: siparişin gönderilebilmesi için gerekli teslimat bilgileri yalnızca ilgili satıcı üyeye aktarılır. Satıcılar alıcılara yalnızca herkese açık kullanıcı adlarıyla gösterilir.',
          'Hizmet sağlayıcılara: ödeme, barındırma, e-posta gönderimi ve kargo hizmetlerini sunan iş ortaklarımıza, hizmetin gerektirdiği ölçüde.',
          'Yetkili kurum ve kuruluşlara: yargı mercileri, vergi daireleri ve diğer kamu kurumlarına, yasal yükümlülükler çerçevesinde ve talep edildiği ölçüde.',
        ],
        paragraphs: [
          'Aktarımlar KVKK’nın 8. ve 9. maddelerine uygun olarak yapılır. Bir hizmet sağlayıcının verileri yurt dışında işlemesi söz konusu olursa, aktarım KVKK’nın 9. maddesinde öngörülen şartlara ve güvencelere uygun şekilde gerçekleştirilir.',
        ],
      },
      {
        heading: 'KVKK’nın 11. maddesi kapsamındaki haklarınız',
        items: [
          'Kişisel verilerinizin işlenip işlenmediğini öğrenme,',
          'İşlenmişse buna ilişkin bilgi talep etme,',
          'İşlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,',
          'Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,',
          'Eksik veya yanlış işlenmişse düzeltilmesini isteme,',
          'KVKK’nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,',
          'Düzeltme, silme veya yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
          'İşlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
          'Kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme.',
        ],
      },
      {
        heading: 'Başvuru yöntemi',
        paragraphs: [
          'Haklarınıza ilişkin taleplerinizi, OptiStok sisteminde kayıtlı e-posta adresinizden destek@optistok.com.tr adresine gönderebilirsiniz. Başvurunuzda adınızı soyadınızı, mağaza adınızı, talebinizi ve size ulaşabileceğimiz iletişim bilgisini belirtmeniz gerekir; kimliğinizi doğrulamak için ek bilgi isteyebiliriz.',
          'Başvurunuz, niteliğine göre en kısa sürede ve en geç otuz gün içinde ücretsiz olarak sonuçlandırılır. İşlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulu’nca belirlenen tarifedeki ücret alınabilir. Başvurunuzun reddedilmesi, verilen yanıtı yetersiz bulmanız veya süresinde yanıt verilmemesi hâlinde Kişisel Verileri Koruma Kurulu’na şikâyette bulunabilirsiniz.',
        ],
      },
    ],
    cta: { label: 'Gizlilik Politikası', to: '/gizlilik-politikasi' },
  },

  cerez: {
    title: 'Çerez Politikası',
    lead: 'OptiStok yalnızca sitenin çalışması ve güvenliği için zorunlu olan çerezleri kullanır. Reklam, pazarlama veya üçüncü taraf izleme çerezi kullanmayız.',
    updatedAt: '2026-11-21',
    sections: [
      {
        heading: 'Çerez nedir?',
        paragraphs: [
          'Çerezler, ziyaret ettiğiniz sitenin tarayıcınıza kaydettiği küçük metin dosyalarıdır. Yerel depolama (local storage) ise tarayıcınızın, bir sitenin verilerini yalnızca sizin cihazınızda tutmasını sağlayan benzer bir teknolojidir.',
        ],
      },
      {
        heading: 'Kullandığımız çerezler',
        paragraphs: ['Sitemizde yalnızca kesinlikle gerekli (zorunlu) çerezler kullanılır:'],
        items: [
          'Oturum çerezi: giriş yaptığınızda oturumunuzu tanımak ve hesabınıza yalnızca sizin erişmenizi sağlamak için kullanılır. Çıkış yaptığınızda veya oturum sona erdiğinde geçerliliğini yitirir.',
          'Güvenlik amaçlı çerezler: yetkisiz erişim girişimlerini ve sahte isteklere karşı oturumunuzu korumak için kullanılır.',
        ],
      },
      {
        heading: 'Yerel depolama',
        paragraphs: [
          'Bazı bilgiler çerez yerine tarayıcınızın yerel depolama alanında tutulur. Bu bilgiler sunucularımıza her istekte gönderilmez ve üçüncü taraflarla paylaşılmaz.',
        ],
        items: [
          'Sepet: sepetinize eklediğiniz ürünler, sayfayı yenilediğinizde kaybolmaması için saklanır.',
          'Arayüz tercihleri: görünüm ve gezinme gibi tercihleriniz bir sonraki ziyaretinizde hatırlanır.',
        ],
      },
      {
        heading: 'Kullanmadığımız çerezler',
        items: [
          'Reklam ve yeniden hedefleme çerezleri',
          'Üçüncü taraf analiz veya izleme çerezleri',
          'Sosyal medya takip pikselleri',
        ],
        paragraphs: [
          'Kartla ödeme adımında, ödemeyi gerçekleştiren ödeme hizmeti sağlayıcısının güvenli ödeme sayfası kendi zorunlu çerezlerini kullanabilir; bu çerezler ilgili sağlayıcının politikalarına tabidir ve reklam amacıyla kullanılmaz.',
        ],
      },
      {
        heading: 'Onay ve tercihlerinizi yönetme',
        paragraphs: [
          'Zorunlu çerezler sitenin çalışması için gerekli olduğundan açık rızanıza bağlı değildir; bu nedenle sitemizde çerez onay seçenekleri sunulmaz. Tarayıcı ayarlarınızdan çerezleri ve yerel depolamayı silebilir veya engelleyebilirsiniz. Ancak oturum çerezini engellerseniz giriş yapamazsınız; yerel depolamayı silerseniz sepetiniz ve tercihleriniz sıfırlanır.',
        ],
      },
      {
        heading: 'Değişiklikler ve iletişim',
        paragraphs: [
          'Kullandığımız çerezlerde değişiklik olursa bu sayfayı güncelleriz; zorunlu olmayan bir çerez kullanmaya başlamamız hâlinde bunu yalnızca açık rızanızı alarak yaparız. Sorularınız için destek@optistok.com.tr adresine yazabilirsiniz.',
        ],
      },
    ],
    cta: { label: 'Gizlilik Politikası', to: '/gizlilik-politikasi' },
  },
};
